import type { SellFormWording } from '../../components/sell-form/types';

/** The sell form's labels when staff type in a walk-in seller's item (docs/product.md#create-seller-request). */
export const STAFF_SELL_WORDING: SellFormWording = {
  photos: 'Photos of the item',
  item: 'Item Name',
  price: 'Price or Value (MWK)',
  name: 'Seller Name',
  phone: 'Seller Phone Number',
  email: 'Seller Email Address',
  notify: 'Notify the seller when an offer is made',
  terms: 'The seller accepts the terms and conditions',
  condition: "The item's condition",
};
