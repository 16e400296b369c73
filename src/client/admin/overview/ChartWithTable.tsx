import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A chart for the eye and the same figures as a table for screen readers: the chart is hidden
 * from assistive technology, the table from the screen.
 */
export function ChartWithTable({
  caption,
  columns,
  rows,
  children,
}: {
  caption: string;
  columns: string[];
  rows: Array<Array<string | number>>;
  children: ReactNode;
}) {
  return (
    <figure style={{ margin: 0 }}>
      <div aria-hidden="true">{children}</div>
      <VisuallyHidden>
        <Table>
          <caption>{caption}</caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column} scope="col">
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={String(row[0])}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <Table.Th key={index} scope="row">
                      {cell}
                    </Table.Th>
                  ) : (
                    <Table.Td key={index}>{cell}</Table.Td>
                  ),
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  );
}
