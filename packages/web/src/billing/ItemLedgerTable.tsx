import {
  ActionIcon,
  Autocomplete,
  Box,
  Button,
  Group,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { formatDisplayDate, formatRupees, isIsoDate } from '@bahi/core';
import type { BillingVoucher } from '@bahi/contract';
import { useMemo } from 'react';
import { PAGE_SIZE, addItem, deleteItem, editItem, toNumber, type EditableField } from './ledger.ts';

// The Item Ledger Table of the billing screen: vouchers 30 a page, each line editable in place.

const money = (rupees: number) => formatRupees(rupees);

export function ItemLedgerTable(props: {
  vouchers: BillingVoucher[];
  onChange: (next: BillingVoucher[]) => void;
  page: number;
  onPage: (page: number) => void;
}) {
  const { vouchers, onChange, page } = props;
  const pages = Math.max(1, Math.ceil(vouchers.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const first = (current - 1) * PAGE_SIZE;
  const names = useMemo(
    () => [...new Set(vouchers.flatMap((v) => v.Items.map((it) => it['Item Name']).filter(Boolean)))].sort(),
    [vouchers],
  );
  const edit = (v: number, i: number, field: EditableField, value: string) =>
    onChange(editItem(vouchers, v, i, field, value));

  return (
    <Stack gap="xs">
      {/* Scrolls inside its own box both ways (a phone scrolls it sideways; the header stays put). */}
      <Box style={{ overflow: 'auto', maxHeight: 'calc(100vh - 140px)' }}>
        <Table stickyHeader striped withTableBorder fz="sm" miw={860} aria-label="Item Ledger Table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Reference</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Item Name</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Selling Price</Table.Th>
              <Table.Th ta="right">GST %</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {vouchers.slice(first, first + PAGE_SIZE).flatMap((voucher, k) => {
              const v = first + k;
              return [
                ...voucher.Items.map((it, i) => (
                  <Table.Tr key={`${v}-${i}`} data-testid={`line-${v}-${i}`}>
                    <Table.Td>{i === 0 ? voucher.Reference : ''}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {i === 0 && isIsoDate(voucher.Date) ? formatDisplayDate(voucher.Date) : ''}
                    </Table.Td>
                    <Table.Td miw={220}>
                      <Autocomplete
                        aria-label="Item Name"
                        size="xs"
                        data={names}
                        value={it['Item Name']}
                        onChange={(value) => edit(v, i, 'Item Name', value)}
                      />
                    </Table.Td>
                    {(['Quantity', 'Selling Price', 'GST'] as const).map((field) => (
                      <Table.Td key={field} w={110}>
                        <TextInput
                          aria-label={field}
                          size="xs"
                          type="number"
                          miw={72}
                          styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
                          value={String(it[field])}
                          onChange={(e) => edit(v, i, field, e.currentTarget.value)}
                        />
                      </Table.Td>
                    ))}
                    <Table.Td
                      ta="right"
                      style={{ fontVariantNumeric: 'tabular-nums' }}
                      data-testid="line-total"
                    >
                      {money(toNumber(it.Total))}
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete item ${i + 1} of ${voucher.Reference}`}
                        onClick={() => onChange(deleteItem(vouchers, v, i))}
                      >
                        ✕
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                )),
                <Table.Tr key={`${v}-add`}>
                  <Table.Td colSpan={8}>
                    <Group justify="space-between">
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => onChange(addItem(vouchers, v))}
                      >
                        + Add item to {voucher.Reference}
                      </Button>
                      {voucher.RoundOff ? (
                        <Text size="xs" c="dimmed">
                          Round off {money(voucher.RoundOff)}
                        </Text>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>,
              ];
            })}
          </Table.Tbody>
        </Table>
      </Box>
      {pages > 1 && <Pagination total={pages} value={current} onChange={props.onPage} size="sm" />}
    </Stack>
  );
}
