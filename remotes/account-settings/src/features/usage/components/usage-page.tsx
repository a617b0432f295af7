import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { listUsageCustomers } from '@portal/contracts/calls';
import { usageEndpoints } from '@portal/contracts/endpoints/usage';
import { useCallQuery } from '@portal/data';
import { PageHeader } from '@portal/ui';
import { useUrlListState } from '@portal/ui/kit';
import { PageQueryState } from '../../../components/page-query-state';
import { currentMonth, monthRange } from '../lib/month';
import { UsageDaysTable } from './usage-days-table';
import { UsageReportsList } from './usage-reports-list';

/**
 * Usage of the customers the caller serves (a customer: its own): the daily figures of a chosen
 * month and the monthly reports to download. The customer and month are in the URL, so the link in
 * the report's e-mail (`?customer=…&month=…`) opens the right view.
 */
export function UsagePage() {
  const thisMonth = currentMonth();
  const [state, update] = useUrlListState({ customer: '', month: thisMonth, page: '1', pageSize: '25' });
  const customers = useCallQuery(usageEndpoints.listUsageCustomers, listUsageCustomers, []);
  const month = monthRange(state.month) ? state.month : thisMonth;

  return (
    <>
      <PageHeader title="Usage" subtitle="Protected seats, items and storage per customer and day, and the monthly reports for billing." />
      <PageQueryState query={customers} noun="customers" rows={2} failed={(message) => `The customers could not be loaded: ${message}`}>
        {({ items }) => {
          if (items.length === 0) return <Typography color="text.secondary">There are no customer organisations to report on.</Typography>;
          const customer = items.find((c) => c.id === state.customer) ?? items[0];
          return (
            <Stack spacing={3}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} role="search" aria-label="Choose the customer and month">
                <TextField
                  select
                  id="usage-customer"
                  size="small"
                  label="Customer"
                  value={customer.id}
                  onChange={(e) => update({ customer: e.target.value })}
                  sx={{ minWidth: 260 }}
                >
                  {items.map((c) => (
                    <MenuItem key={c.id} value={c.id}>
                      {c.name}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  id="usage-month"
                  size="small"
                  type="month"
                  label="Month"
                  value={month}
                  onChange={(e) => update({ month: e.target.value }, { keepPage: true })}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: thisMonth, dir: 'ltr' } }}
                />
              </Stack>
              <Card>
                <CardContent>
                  <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
                    Daily usage
                  </Typography>
                  <UsageDaysTable customerId={customer.id} month={month} />
                </CardContent>
              </Card>
              <Card>
                <CardContent>
                  <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
                    Monthly reports
                  </Typography>
                  <UsageReportsList customerId={customer.id} page={Number(state.page) || 1} pageSize={Number(state.pageSize) || 25} onPage={update} />
                </CardContent>
              </Card>
            </Stack>
          );
        }}
      </PageQueryState>
    </>
  );
}
