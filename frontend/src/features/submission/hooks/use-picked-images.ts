import { useEffect, useRef, useState } from 'react';
import { SUBMISSION_MAX_IMAGE_MB, SUBMISSION_MAX_IMAGES } from '@/config/constants';
import { t } from '@/i18n/ja';
import { isAcceptedImage, isHeic, isImageTooLarge } from '../lib/submission-form';

export interface PickedImage {
  id: number;
  file: File;
  /** An object URL for the thumbnail; null for HEIC/HEIF, which browsers cannot draw. */
  previewUrl: string | null;
}

/**
 * The modal's photos (SPEC §2, §5): at most SUBMISSION_MAX_IMAGES in total (more → an
 * alert, and nothing beyond the limit is added), each at most 10 MB, any image type plus
 * HEIC/HEIF. Preview object URLs are revoked on remove and when the modal closes (unmount).
 */
export function usePickedImages() {
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
      else if (isImageTooLarge(file)) found.push(t('submission.imageTooLarge', { name: file.name, mb: SUBMISSION_MAX_IMAGE_MB }));
      else accepted.push(file);
    }
    const room = SUBMISSION_MAX_IMAGES - images.length;
    if (accepted.length > room) {
      window.alert(t('submission.imagesTooMany', { max: SUBMISSION_MAX_IMAGES }));
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
