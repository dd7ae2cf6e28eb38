import { useContext, useState } from 'react';
import { ProductImage } from '../../../components/ProductImage';
import { PhotosOnTap } from '../../../lib/data-saver';
import { CARD_IMAGE, DETAIL_IMAGE, imageUrl } from '../../../lib/images';
import { useI18n } from '../../../i18n/context';

/** Large image; with more than one, thumbnails below choose which. */
export function Gallery({ files, name }: { files: readonly string[]; name: string }) {
  const i18n = useI18n();
  const [selected, setSelected] = useState(0);
  // Under data saver the thumbnails are numbers: each would be a photo download.
  const onTap = useContext(PhotosOnTap);
  const current = files[selected] ?? files[0] ?? null;

  return (
    <div>
      <ProductImage
        file={current}
        alt={
          files.length > 1
            ? i18n._('{name}, photo {number} of {count}', { name, number: selected + 1, count: files.length })
            : name
        }
        size={DETAIL_IMAGE}
        contain
        priority
        className="aspect-[7/5] w-full rounded-lg bg-white"
      />
      {files.length > 1 && (
        <ul className="mt-3 flex gap-2" aria-label={i18n._('Photos')}>
          {files.map((file, index) => (
            <li key={file}>
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={i18n._('Show photo {number} of {count}', { number: index + 1, count: files.length })}
                aria-pressed={index === selected}
                className={`block overflow-hidden rounded-md border-2 ${index === selected ? 'border-teal-700' : 'border-transparent hover:border-stone-400'}`}
              >
                {onTap ? (
                  <span className="flex aspect-[4/5] w-16 items-center justify-center bg-stone-200 font-semibold text-stone-700">
                    {index + 1}
                  </span>
                ) : (
                  // The card-size image: usually already cached from the grid the buyer came from.
                  <img
                    src={imageUrl(file, CARD_IMAGE)}
                    alt=""
                    width={64}
                    height={80}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[4/5] w-16 bg-stone-200 object-cover"
                  />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
