import { useEffect, useRef, useState } from 'react';
import type { Limits } from '@/api/config';
import { t } from '@/i18n/ja';
import { isAcceptedImage, isHeic, megabytes } from '../lib/submission-form';

export interface PickedImage {
  id: number;
  file: File;
  /** An object URL for the thumbnail; null for HEIC/HEIF, which browsers cannot draw. */
  previewUrl: string | null;
}

/**
 * The modal's photos (SPEC §2, §5): at most `max_images_per_submission` of /config in total
 * (more → an alert, and nothing beyond the limit is added), each at most `max_photo_bytes`, any image type plus
 * HEIC/HEIF. Preview object URLs are revoked on remove and when the modal closes (unmount).
 */
export function usePickedImages(limits: Pick<Limits, 'max_images_per_submission' | 'max_photo_bytes'>) {
  const [images, setImages] = useState<PickedImage[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const nextId = useRef(1);
  const current = useRef<PickedImage[]>([]);
  current.current = images;

  useEffect(
    () => () => {
      for (const image of current.current) if (image.previewUrl) URL.revokeObjectURL(image.previewUrl);
    },
    [],
  );

  const add = (files: readonly File[]) => {
    const found: string[] = [];
    let accepted: File[] = [];
    for (const file of files) {
      if (!isAcceptedImage(file)) found.push(t('submission.imageNotImage', { name: file.name }));
      else if (file.size > limits.max_photo_bytes)
        found.push(t('submission.imageTooLarge', { name: file.name, mb: megabytes(limits.max_photo_bytes) }));
      else accepted.push(file);
    }
    const room = limits.max_images_per_submission - images.length;
    if (accepted.length > room) {
      window.alert(t('submission.imagesTooMany', { max: limits.max_images_per_submission }));
      accepted = accepted.slice(0, Math.max(0, room));
    }
    const added = accepted.map((file) => ({
      id: nextId.current++,
      file,
      previewUrl: isHeic(file) ? null : URL.createObjectURL(file),
    }));
    setProblems(found);
    if (added.length > 0) setImages([...images, ...added]);
  };

  const remove = (id: number) => {
    const image = images.find((i) => i.id === id);
    if (image?.previewUrl) URL.revokeObjectURL(image.previewUrl);
    setImages(images.filter((i) => i.id !== id));
    setProblems([]);
  };

  return { images, problems, add, remove };
}
