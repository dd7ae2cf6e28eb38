// Names people search by that the listing may not use (decision 0027). Each group's entries find each
// other; an entry of several words is matched as all of them. Kept short and as data: add a line when
// someone searches for something the catalogue calls differently.
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['phone', 'smartphone', 'mobile', 'cellphone'],
  ['laptop', 'notebook'],
  ['computer', 'pc', 'desktop'],
  ['playstation', 'ps'],
  ['xbox', 'x box'],
  ['tv', 'television'],
  ['fridge', 'refrigerator', 'freezer'],
  ['headphone', 'headset', 'earphone', 'earbud'],
  ['cooker', 'stove'],
  ['hp', 'hewlett packard'],
  ['tablet', 'ipad'],
  ['camera', 'dslr'],
  ['router', 'mifi', 'modem'],
];
