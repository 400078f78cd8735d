// The Config page's health tab: every file of tenants/ and schemas/ with the verdict `npm run check:config` gives it,
// as the gateway checked the files it reads; a problem shows its JSON pointer, what is wrong and how to fix it.
import { useState } from 'react';
import { Alert, Badge, Button, Code, Group, List, Stack, Switch, Table, Text } from '@mantine/core';
import { formatDate } from '../../../render/format';
import { QueryGate } from '../../../render/QueryGate';
import { useDocument, type DocumentOf } from '../../../api/resource';

type ConfigFileVerdict = DocumentOf<'getConfigHealth'>['data'][number]['attributes'];

function Verdict({ verdict }: { verdict: ConfigFileVerdict }) {
  if (verdict.ok) {
    return (
      <Badge color="green" variant="dot">
        ok
      </Badge>
    );
  }
  return (
    <List size="sm" spacing={4}>
      {verdict.problems.map((problem, index) => (
        <List.Item key={`${problem.pointer}${index}`}>
          <Text size="sm">
            <Code>{`${verdict.file}#${problem.pointer}`}</Code> {problem.message}
          </Text>
          <Text size="sm">Fix: {problem.fix}</Text>
        </List.Item>
      ))}
    </List>
  );
}

function summary(problemCount: number, brokenFiles: number, fileCount: number): string {
  if (problemCount === 0) return `All ${fileCount} files are ok.`;
  return `${problemCount} problem${problemCount === 1 ? '' : 's'} in ${brokenFiles} of ${fileCount} files.`;
}

export function ConfigHealthPanel() {
  // The admin's own session: the gateway asks who they are, whatever tenant is selected.
  const health = useDocument('getConfigHealth', { credential: 'own' });
  return (
    <QueryGate query={health} title="Config health">
      {(report) => <HealthReport report={report} checking={health.isFetching} checkAgain={() => void health.refetch()} />}
    </QueryGate>
  );
}

function HealthReport({ report, checking, checkAgain }: { report: DocumentOf<'getConfigHealth'>; checking: boolean; checkAgain: () => void }) {
  const [onlyProblems, setOnlyProblems] = useState(false);
  const files = report.data.map((entry) => entry.attributes);
  const { fileCount, problemCount, notices, checked } = report.meta;
  const broken = files.filter((verdict) => !verdict.ok);
  const shown = onlyProblems ? broken : files;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Group gap="xs">
            <Badge color={problemCount === 0 ? 'green' : 'red'} variant="dot" size="lg">
              {problemCount === 0 ? 'ok' : 'problems'}
            </Badge>
            <Text fw={600}>{summary(problemCount, broken.length, fileCount)}</Text>
          </Group>
          <Text size="sm">
            Checked {formatDate(checked)} by the gateway, as <Code>npm run check:config</Code> checks before every build.
          </Text>
        </Stack>
        <Group gap="sm">
          <Switch label="Only files with problems" checked={onlyProblems} onChange={(event) => setOnlyProblems(event.currentTarget.checked)} />
          <Button variant="default" loading={checking} onClick={checkAgain}>
            Check again
          </Button>
        </Group>
      </Group>
      {notices.map((notice) => (
        <Alert key={notice} color="yellow" title="Not checked">
          {notice}
        </Alert>
      ))}
      <Table striped aria-label="Config files and their verdicts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">File</Table.Th>
            <Table.Th scope="col">Kind</Table.Th>
            <Table.Th scope="col">Verdict</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((verdict) => (
            <Table.Tr key={verdict.file}>
              <Table.Th scope="row" fw="normal">
                <Code>{verdict.file}</Code>
              </Table.Th>
              <Table.Td>{verdict.kind}</Table.Td>
              <Table.Td>
                <Verdict verdict={verdict} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
