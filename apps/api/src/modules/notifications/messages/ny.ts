import { formatDate, formatMoney } from '@marketplace/shared';
import { BRAND } from './brand.js';
import type { Messages, OfferDeclineWhy } from './en.js';

// The server's messages in Chichewa (docs/decisions/0032, 0094): every key of en.ts, with the same parameters.

const OFFER_WHY_NY: Record<OfferDeclineWhy, string> = {
  too_low: 'mtengo mwapereka ndi wotsika kwambiri',
  price_firm: 'mtengo wake sutsika',
  not_available: 'katunduyu sakupezekanso',
  below_floor: 'mtengo mwapereka uli pansi pa umene shopu ingalandire',
  sold: 'katunduyu wagulitsidwa',
};

export const ny: Messages = {
  'phone.code': (p) => `Nambala yanu ya ${BRAND} ndi ${p.code}`,

  'order.placed': (f) =>
    f.coach
      ? `${BRAND}: oda ${f.number} yasungidwa ku ${f.shop}; shopu idzakuimbirani kuti ikutumizireni pa basi ku ${f.coach.town}. Nambala yanu: ${f.code}, muiuze shopu mutalandira katundu yekha. ${f.link}`
      : `${BRAND}: oda ${f.number} yasungidwa ku ${f.shop}. Nambala yanu: ${f.code}, muiuze ${f.delivery ? 'dalaivala pobweretsa' : 'pa kauntala potenga'} yokha. ${f.link}`,
  'order.ready': (f) =>
    f.coach
      ? `${BRAND}: oda ${f.number} ili pa basi ya ${f.coach.company} kupita ku ${f.coach.town}, waybill ${f.coach.waybill}. Katengeni ku depo${f.coach.farePaid ? '' : ' ndipo mulipire basi kumeneko'}, kenako uzani shopu nambala yanu ${f.code}. ${f.link}`
      : f.delivery
        ? `${BRAND}: oda ${f.number} ili pa njira. Uzani dalaivala nambala yanu ${f.code}. ${f.link}`
        : `${BRAND}: oda ${f.number} yakonzeka kutengedwa ku ${f.shop}. Bweretsani nambala yanu ${f.code}. ${f.link}`,
  'order.reminder': (f) => `${BRAND}: oda ${f.number} yasungidwa kwa maola 6 okha. ${f.link}`,
  'order.expired': (f) => `${BRAND}: oda ${f.number} sinatengedwe pa nthawi; sinasungidwenso. ${f.link}`,
  'order.cancelled': (f) => `${BRAND}: oda ${f.number} yathetsedwa. ${f.link}`,
  'order.refunded': (f) => `${BRAND}: ndalama za oda ${f.number} zabwezedwa ku nambala imene munalipira. ${f.link}`,
  'order.refunded_elsewhere': (f) =>
    `${BRAND}: ndalama za oda ${f.number} zabwezedwa pa Airtel Money ku nambala imene munapereka. ${f.link}`,
  'order.refund_by_hand': (f) =>
    `${BRAND}: ndalama za oda ${f.number} sizingabwezedwe ku nambala imene munalipira. ${f.shop} idzakuimbirani kuti ikulipireni pa Airtel Money ku nambala imene mungapereke, kapena ndalama m'manja ku shopu. ${f.link}`,
  'order.link': (p) => `${BRAND}: ulalo wa oda yanu ${p.number}: ${p.link}`,

  'order.placed.subject': (f) => `Oda yanu ${f.number} yasungidwa`,
  'order.ready.subject': (f) =>
    f.coach
      ? `Oda yanu ${f.number} ili pa basi kupita ku ${f.coach.town}`
      : f.delivery
        ? `Oda yanu ${f.number} ili pa njira`
        : `Oda yanu ${f.number} yakonzeka`,
  'order.reminder.subject': (f) => `Oda yanu ${f.number}: kwatsala maola 6`,
  'order.expired.subject': (f) => `Oda yanu ${f.number} yatha nthawi`,
  'order.cancelled.subject': (f) => `Oda yanu ${f.number} yathetsedwa`,
  'order.refunded.subject': (f) => `Ndalama za oda yanu ${f.number} zabwezedwa`,
  'order.refund_by_hand.subject': (f) => `Momwe ndalama za oda yanu ${f.number} zidzabwezedwere`,
  'order.refunded_elsewhere.subject': (f) => `Ndalama za oda yanu ${f.number} zabwezedwa`,
  'order.greeting': (p) => `Moni ${p.name}`.trim(),

  'seller.received': (p) =>
    `${BRAND}: talandira katundu wanu ${p.reference}. Sungani ulalowu kuti muzimutsatira: ${p.link}`,
  'seller.offer': (p) =>
    `${BRAND}: tikupatsani ${formatMoney(p.amount)} pa katundu wanu ${p.reference}. Vomerani kapena kanani pofika ${formatDate(p.expiresAt, 'ny')}: ${p.link}`,
  'seller.inventory': (p) =>
    `${BRAND}: zikomo, katundu wanu ${p.reference} tsopano akugulitsidwa${p.town ? ` ku shopu yathu ya ${p.town}` : ''}. Zambiri: ${p.link}`,
  'seller.rejected': (p) => `${BRAND}: sitingatenge katundu wanu ${p.reference} pano. ${p.reason} Zambiri: ${p.link}`,
  'seller.paid': (p) =>
    `${BRAND}: takulipirani ${formatMoney(p.amount)} pa katundu wanu ${p.reference} ${p.wallet === null ? "ndalama m'manja ku kauntala" : `kudzera pa ${p.wallet}`}${p.payment ? ` (ref ${p.payment})` : ''}. Zikomo pogulitsa nafe!`,
  'seller.by_hand': (p) =>
    `${BRAND}: sitingakutumizireni ${formatMoney(p.amount)} pa katundu wanu ${p.reference} pa ${p.wallet}. Tidzakuimbirani kuti tikulipireni pa Airtel Money ku nambala imene mungapereke, kapena ndalama m'manja ku shopu.`,

  'transfer.accepted': (a) =>
    `${BRAND}: uthenga wabwino, ${a.item} ili pa ulendo wopita ku ${a.shop}, ${a.town}. Mutha kuyiyitanitsa kumeneko ikafika.`,
  'transfer.declined': (a) => `${BRAND}: pepani, sitingathe kubweretsa ${a.item} ku ${a.shop}, ${a.town}: ${a.reason}`,

  'return.requested': (r) =>
    `${BRAND}: talandira pempho lanu la ${r.kind === 'return' ? 'kubweza katundu' : 'chitsimikizo (warranty)'} ${r.reference} pa oda ${r.number}. ${
      r.howBack === 'bring'
        ? `Bweretsani katunduyo ku ${r.shop}.`
        : r.howBack === 'driver'
          ? `Shopu idzakuimbirani kuti dalaivala wathu adzamutenge.`
          : `Shopu idzakuimbirani kuti mumutumize pa basi.`
    } Shopu idzamuona ndi kukuuzani pa SMS. ${r.link}`,

  'alert.head': () => `${BRAND}, chidziwitso:`,
  'alert.drop': (t) => `${t.name} tsopano ndi ${formatMoney(t.price)} (inali ${formatMoney(t.was)}) ${t.url}`,
  'alert.back': (t) => `${t.name} ikugulitsidwanso, ${formatMoney(t.price)} ${t.url}`,
  'alert.new_one': (t) => `Zatsopano za "${t.query}": ${t.name} ${t.url}`,
  'alert.new_many': (t) => `Zatsopano za "${t.query}": zinthu ${t.count} ${t.url}`,
  'alert.more': (p) => `ndi zina ${p.count}`,
  'alert.stop': (p) => `Kuti tisiye kukutumizirani: ${p.url}`,

  'return.received': (f) =>
    `${BRAND}: talandira ${f.item} pa pempho lanu ${f.reference} (oda ${f.number}). Tidzakudziwitsani zimene tasankha. ${f.link}`,
  'return.in_repair': (f) =>
    `${BRAND}: ${f.item} ya pempho lanu ${f.reference} yapita kukakonzedwa. Tidzakudziwitsani ikabwera. ${f.link}`,
  'return.repaired': (f) =>
    `${BRAND}: ${f.item} ya pempho lanu ${f.reference} yakonzedwa ndipo yakonzeka kutengedwa ku ${f.shop}. ${f.link}`,
  'return.handed_over': (f) =>
    `${BRAND}: ${f.item} ya pempho lanu ${f.reference} yabwezedwa kwa inu. Zikomo pogula nafe. ${f.link}`,
  'return.declined': (f) => `${BRAND}: sitingavomereze pempho lanu ${f.reference} la ${f.item}: ${f.reason} ${f.link}`,
  'return.refunded': (r) =>
    r.wallet === null
      ? `${BRAND}: katundu wobwezedwa ${r.reference} (oda ${r.number}): takubwezerani ${formatMoney(r.amount)} ndalama m'manja ku shopu.`
      : `${BRAND}: katundu wobwezedwa ${r.reference} (oda ${r.number}): tikukubwezerani ${formatMoney(r.amount)} pa ${r.wallet} ku nambala imene munalipira.`,
  'return.replaced': (r) =>
    `${BRAND}: katundu wobwezedwa ${r.reference} (oda ${r.number}): tasinthana katundu wanu ndi ${r.item} wina, osalipira. Katengeni ku ${r.shop}.`,

  'offer.made': (o) =>
    `${BRAND}: mtengo wanu ${o.reference} wa ${formatMoney(o.amount)} pa ${o.item} wapita ku shopu. Tidzakuuzani yankho lake pa SMS. ${o.link}`,
  'offer.accepted': (o) =>
    `${BRAND}: mtengo wanu ${o.reference} wavomerezedwa: ${o.item} pa ${formatMoney(o.amount)}. Yitanitsani pa mtengo umenewu pasanathe maola 24: ${o.link}`,
  'offer.countered': (o) =>
    `${BRAND}: shopu yayankha mtengo wanu ${o.reference} pa ${o.item} ndi ${formatMoney(o.amount)}. Vomerezani pasanathe maola 48: ${o.link}`,
  'offer.declined': (o) =>
    `${BRAND}: pepani, mtengo wanu ${o.reference} wa ${formatMoney(o.amount)} pa ${o.item} sunavomerezedwe: ${OFFER_WHY_NY[o.why]}. ${o.link}`,
  'offer.expired': (o) =>
    `${BRAND}: mtengo wanu ${o.reference} pa ${o.item} watha popanda oda. Mutha kupereka wina pa tsamba la katunduyo.`,
  'offer.sold': (o) =>
    `${BRAND}: pepani, ${o.item} wagulidwa ndi munthu wina, choncho mtengo wanu ${o.reference} watha.`,
};
