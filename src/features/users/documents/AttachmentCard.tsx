// users-and-wallets §2 user attachment card: collapsible; a table of document type, number and files, grouped by
// type, 5 rows a page (§9). Images open in the lightbox, other files are download links.
import { useId, useMemo, useState } from 'react';
import { Anchor, Card, Collapse, Group, Image, Pagination, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { attachmentPage, userDocuments, type UserDocumentRow } from './attachment-rows';
import { fileHref, isImageType, probeFile, type StoredFileInfo } from './file-links';
import { ImageLightbox, type LightboxImage } from './ImageLightbox';

export interface AttachmentCardProps {
  /** The user as getUser answers it with include=document, flattened (src/api/jsonapi.ts `flattenDocument`). */
  user: { id: string; document?: unknown };
  title?: string;
  defaultOpened?: boolean;
}

interface AttachedFile {
  url: string;
  href: string;
  name: string;
  image: boolean;
}

function attachedFiles(document: UserDocumentRow, infos: ReadonlyMap<string, StoredFileInfo>): AttachedFile[] {
  return document.urls.map((url, index) => {
    const info = infos.get(url);
    const fallback = `${document.type || 'Document'} ${document.number} (${index + 1})`.trim();
    return { url, href: fileHref(url), name: info?.name ?? fallback, image: isImageType(info?.mime ?? null) };
  });
}

export function AttachmentCard({ user, title = 'User Attachments', defaultOpened = true }: AttachmentCardProps) {
  const [opened, setOpened] = useState(defaultOpened);
  const [page, setPage] = useState(1);
  const [lightbox, setLightbox] = useState<number | null>(null);
  const bodyId = useId();
  const documents = useMemo(() => userDocuments(user), [user]);
  const current = attachmentPage(documents, page);
  const urls = [...new Set(current.rows.flatMap((row) => row.document.urls))];
  const probes = useQueries({
    queries: urls.map((url) => ({
      queryKey: ['stored-file', url],
      queryFn: ({ signal }: { signal: AbortSignal }) => probeFile(url, signal),
      staleTime: Infinity,
      retry: false,
    })),
  });
  const infos = new Map<string, StoredFileInfo>();
  urls.forEach((url, index) => {
    const data = probes[index]?.data;
    if (data) infos.set(url, data);
  });
  const rows = current.rows.map((row) => ({ ...row, files: attachedFiles(row.document, infos) }));
  const images: (LightboxImage & { url: string })[] = [];
  for (const file of rows.flatMap((row) => row.files)) {
    if (file.image && !images.some((image) => image.url === file.url)) images.push({ url: file.url, src: file.href, alt: file.name });
  }

  return (
    <Card withBorder padding="sm">
      <UnstyledButton onClick={() => setOpened((value) => !value)} aria-expanded={opened} aria-controls={bodyId}>
        <Group gap="xs">
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="dimmed">
            ({documents.length}) {opened ? '▲' : '▼'}
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={opened} id={bodyId}>
        <Stack gap="xs" mt="sm">
          {documents.length === 0 ? (
            <Text size="sm" c="dimmed">
              No documents attached.
            </Text>
          ) : (
            <Table striped withTableBorder aria-label={title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Document Type</Table.Th>
                  <Table.Th>Document Number</Table.Th>
                  <Table.Th>Files</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(({ document, typeRowSpan, files }) => (
                  <Table.Tr key={document.id}>
                    {typeRowSpan > 0 && (
                      <Table.Th scope="rowgroup" rowSpan={typeRowSpan} fw={500}>
                        {document.type}
                      </Table.Th>
                    )}
                    <Table.Td>{document.number}</Table.Td>
                    <Table.Td>
                      <Group gap="xs">
                        {files.map((file) =>
                          file.image ? (
                            <UnstyledButton
                              key={file.url}
                              aria-label={`View ${file.name}`}
                              onClick={() => setLightbox(images.findIndex((image) => image.url === file.url))}
                            >
                              <Image src={file.href} alt="" w={40} h={40} fit="cover" radius="sm" />
                            </UnstyledButton>
                          ) : (
                            <Anchor key={file.url} href={file.href} download={file.name} size="sm">
                              {file.name}
                            </Anchor>
                          ),
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {current.pageTotal > 1 && (
            <Pagination
              total={current.pageTotal}
              value={current.page}
              onChange={setPage}
              size="sm"
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              getControlProps={(control) =>
                ({
                  first: { 'aria-label': 'First page' },
                  previous: { 'aria-label': 'Previous page' },
                  next: { 'aria-label': 'Next page' },
                  last: { 'aria-label': 'Last page' },
                })[control]
              }
            />
          )}
        </Stack>
      </Collapse>
      <ImageLightbox images={images} index={lightbox} onIndexChange={setLightbox} onClose={() => setLightbox(null)} />
    </Card>
  );
}
