// Names people search by that the listing may not use (decision 0027). Each group's entries find each
// other; an entry of several words is matched as all of them. Kept short and as data: add a line when
// someone searches for something the catalogue calls differently. The Chichewa names buyers type for common
// things (foni, kompyuta, wailesi...) sit in their English group (docs/product.md#search-without-dead-ends).
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['phone', 'smartphone', 'mobile', 'cellphone', 'foni', 'lamya'],
  ['laptop', 'notebook', 'laputopu'],
  ['computer', 'pc', 'desktop', 'kompyuta'],
  ['playstation', 'ps'],
  ['xbox', 'x box'],
  ['tv', 'television', 'tivi', 'televizioni'],
  ['radio', 'wailesi', 'wayilesi'],
  ['fridge', 'refrigerator', 'freezer', 'firiji'],
  ['headphone', 'headset', 'earphone', 'earbud'],
  ['cooker', 'stove', 'chitofu'],
  ['hp', 'hewlett packard'],
  ['tablet', 'ipad'],
  ['camera', 'dslr', 'kamera'],
  ['router', 'mifi', 'modem'],
  ['speaker', 'sipika'],
  ['charger', 'chaja'],
  ['battery', 'batire'],
];
