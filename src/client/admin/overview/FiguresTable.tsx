import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './FiguresTable.module.css';

/**
 * A small table of figures (first column the name, the rest numbers), scrolling sideways on a phone with a shade on
 * the edge that has more columns.
 */
export function FiguresTable({
  label,
  columns,
  rows,
  empty,
  minWidth = 0,
}: {
  label: string;
  columns: string[];
  rows: Array<{ key: string; cells: ReactNode[] }>;
  empty: string;
  minWidth?: number;
}) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" className={classes.scroller}>
      <Table aria-label={label} verticalSpacing={6} horizontalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              <Table.Th key={column} scope="col" ta={index === 0 ? 'left' : 'right'}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  <Table.Th key={index} scope="row" fw={400} style={{ overflowWrap: 'anywhere' }}>
                    {cell}
                  </Table.Th>
                ) : (
                  <Table.Td key={index} ta="right">
                    {cell}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
