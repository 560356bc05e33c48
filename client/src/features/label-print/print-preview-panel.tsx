/**
 * The preview: the first page exactly as the server prints it, how many labels on how many
 * pages, and every label that did not print as written.
 */
import { Alert, Box, Image, Loader, Group, List, ScrollArea, Stack, Text } from '@mantine/core';
import type { PrintPreview } from '@contract/label-print.ts';

interface PrintPreviewPanelProps {
  preview: PrintPreview | null;
  loading: boolean;
  error: string | null;
  /** Why there is no preview yet (the settings are not valid), when there is a reason. */
  blocked: string | null;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The SVG as an image source; its own width and height (in mm) give the page's aspect. */
export const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

function Warnings({ preview }: { preview: PrintPreview }) {
  if (preview.warnings_total === 0) return null;
  const more = preview.warnings_total - preview.warnings.length;
  return (
    <Alert color="yellow" title={`${plural(preview.warnings_total, 'label', 'labels')} did not fit`} p="xs">
      <ScrollArea.Autosize mah={120}>
        <List size="xs" spacing={2} aria-label="Labels that did not fit">
          {preview.warnings.map((w) => (
            <List.Item key={`${w.label}-${w.message}`}>
              Label {w.label.toLocaleString('en-US')}
              {w.name ? ` (${w.name})` : ''}: {w.message}
            </List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
      {more > 0 && (
        <Text size="xs" mt={4}>
          and {more.toLocaleString('en-US')} more
        </Text>
      )}
    </Alert>
  );
}

export function PrintPreviewPanel({ preview, loading, error, blocked }: PrintPreviewPanelProps) {
  return (
    <Stack gap="xs">
      <Group gap="xs" justify="space-between">
        <Text size="sm" fw={600}>
          Preview
        </Text>
        {loading && <Loader size="xs" aria-label="Updating preview" />}
      </Group>
      {error && (
        <Alert color="red" p="xs" title="The preview failed">
          {error}
        </Alert>
      )}
      {blocked && !error && (
        <Text size="xs" c="dimmed">
          {blocked}
        </Text>
      )}
      {preview && !blocked && (
        <>
          <Text size="sm" aria-live="polite">
            {plural(preview.labels, 'label', 'labels')} on {plural(preview.pages, 'page', 'pages')}
          </Text>
          <Box
            style={{
              border: '1px solid var(--mantine-color-gray-4)',
              background: 'var(--mantine-color-gray-1)',
              padding: 8,
              display: 'flex',
              justifyContent: 'center',
              opacity: loading || error ? 0.5 : 1,
            }}
          >
            <Image
              src={svgSource(preview.first_page_svg)}
              alt="First page as printed"
              fit="contain"
              mah="50vh"
              w="auto"
              maw="100%"
              style={{ background: 'white', boxShadow: '0 1px 3px rgba(0,0,0,0.25)' }}
            />
          </Box>
          <Warnings preview={preview} />
        </>
      )}
    </Stack>
  );
}
