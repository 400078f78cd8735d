// users-and-wallets §2 image lightbox: one image at a time in a modal; Esc closes, the arrow keys move.
import { useEffect } from 'react';
import { Button, Group, Image, Modal, Stack, Text } from '@mantine/core';

export interface LightboxImage {
  src: string;
  alt: string;
}

export interface ImageLightboxProps {
  images: readonly LightboxImage[];
  /** The image shown; null keeps the lightbox closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

export function ImageLightbox({ images, index, onIndexChange, onClose }: ImageLightboxProps) {
  const image = index === null ? undefined : images[index];
  const count = images.length;
  const opened = image !== undefined && index !== null;

  useEffect(() => {
    if (!opened || count < 2) return;
    const move = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') onIndexChange(((index ?? 0) + 1) % count);
      else if (event.key === 'ArrowLeft') onIndexChange(((index ?? 0) - 1 + count) % count);
    };
    window.addEventListener('keydown', move);
    return () => window.removeEventListener('keydown', move);
  }, [opened, index, count, onIndexChange]);

  return (
    <Modal opened={opened} onClose={onClose} title={image?.alt} size="xl" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {image && index !== null && (
        <Stack align="center" gap="sm">
          <Image src={image.src} alt={image.alt} fit="contain" mah="70vh" />
          {count > 1 && (
            <Group justify="space-between" w="100%">
              <Button variant="default" onClick={() => onIndexChange((index - 1 + count) % count)}>
                Previous
              </Button>
              <Text size="sm" aria-live="polite">
                {index + 1} / {count}
              </Text>
              <Button variant="default" onClick={() => onIndexChange((index + 1) % count)}>
                Next
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
