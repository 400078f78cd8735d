// Label and value pairs as a description list, so each value is read with its label.
import { SimpleGrid, Text } from '@mantine/core';
import type { RemittanceField } from './remittance-fields';

export function FieldList({ fields, cols = 2 }: { fields: readonly RemittanceField[]; cols?: number }) {
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
