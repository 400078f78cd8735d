// Label and value pairs as a description list (a details popup, an expanded row), so each value is read with its
// label; an empty value shows '-'.
import { SimpleGrid, Text } from '@mantine/core';

export interface Field {
  label: string;
  value: string;
}

export function FieldList({ fields, cols = 2 }: { fields: readonly Field[]; cols?: number }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: cols }} spacing="xs" verticalSpacing={4} m={0}>
      {fields.map((field) => (
        <div key={field.label}>
          <Text component="dt" size="xs" c="dimmed">
            {field.label}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {field.value || '-'}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
