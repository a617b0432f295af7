import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { paths } from '@portal/config';
import type { ItemPreview, ItemSummary } from '@portal/contracts';
import { createRestore, getBackupSet, getItemPreview, getJob, getProtectedObject, listTenants, searchItems } from '@portal/contracts/calls';
import { job, SET, TENANT, USER_ADA } from '../../../testing/fixtures';
import { renderPage } from '../../../testing/render-page';
import { ItemSearchPage } from './item-search-page';

jest.mock('@portal/contracts/calls', () => ({
  searchItems: jest.fn(),
  getBackupSet: jest.fn(),
  getProtectedObject: jest.fn(),
  getItemPreview: jest.fn(),
  getItemDownloadLink: jest.fn(),
  createRestore: jest.fn(),
  listTenants: jest.fn(),
  listTenantDirectory: jest.fn(),
  getJob: jest.fn(),
  getJobDownloadLink: jest.fn(),
}));
jest.setTimeout(30000);

const TOTAL = 100_000;
const itemAt = (index: number): ItemSummary => ({
  id: `1e000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  objectId: USER_ADA.id,
  objectName: 'Ada Lovelace',
  service: 'mail',
  kind: 'message',
  name: `Message ${index}`,
  sender: 'bob@contoso.example',
  recipients: ['ada@contoso.example'],
  folderPath: 'Inbox',
  sizeBytes: 1000 + index,
  hasAttachments: index % 2 === 0,
  modifiedAt: '2026-11-19T09:00:00.000Z',
  validFromRun: 1,
  validToRun: null,
  deleted: false,
});
const url = paths.itemSearch.build({ backupSetType: 'exchange', backupSetUserId: USER_ADA.id, backupSetId: SET.id });

// jsdom lays nothing out; the virtualiser needs a viewport height to decide which rows to render.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 560 }));
afterAll(() => clientHeight && Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight));

beforeEach(() => {
  jest.mocked(searchItems).mockReset().mockImplementation(async (_setId, params = {}) => {
    const page = params.page ?? 1;
    const size = params.pageSize ?? 25;
    const items = Array.from({ length: size }, (_v, i) => itemAt((page - 1) * size + i));
    return { items, total: TOTAL, page, pageSize: size };
  });
  jest.mocked(getBackupSet).mockResolvedValue(SET);
  jest.mocked(getProtectedObject).mockResolvedValue(USER_ADA);
  jest.mocked(listTenants).mockResolvedValue({ items: [TENANT] });
});

describe('ItemSearchPage', () => {
  it('renders only the rows in view of 100,000 matches and fetches further chunks as they scroll in', async () => {
    renderPage(paths.itemSearch.pattern, <ItemSearchPage />, `${url}?q=invoice&service=mail&hasAttachments=true&sort=-sizeBytes`);
    const list = await screen.findByRole('list', { name: 'Search results' });
    expect(screen.getByText('100,000+ items')).toBeInTheDocument();
    expect(searchItems).toHaveBeenCalledWith(SET.id, expect.objectContaining({ q: 'invoice', objectId: USER_ADA.id, service: 'mail', hasAttachments: true, sort: '-sizeBytes', page: 1, pageSize: 200 }));
    await within(list).findByText('Message 0');
    expect(within(list).getAllByRole('listitem').length).toBeLessThan(60);

    const scroller = screen.getByLabelText('Search results, scrollable');
    act(() => {
      scroller.scrollTop = 56 * 50_000;
      fireEvent.scroll(scroller);
    });
    await waitFor(() => expect(searchItems).toHaveBeenCalledWith(SET.id, expect.objectContaining({ page: 251, pageSize: 200 })));
    expect(await within(list).findByText('Message 50000')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem').length).toBeLessThan(60);
    // The first chunk, and the one or two chunks around row 50,000: never the 250 in between.
    expect(jest.mocked(searchItems).mock.calls.length).toBeLessThanOrEqual(3);
  });

  it('previews mail sanitised inside a sandboxed frame', async () => {
    const preview: ItemPreview = {
      ...itemAt(3),
      contentType: 'message/rfc822',
      bodyText: null,
      bodyHtml: '<p>Hello <b>Ada</b></p><script>alert(1)</script><img src="https://tracker.example/p.gif" onerror="alert(2)"><a href="javascript:alert(3)">x</a>',
      attachments: [{ name: 'report.pdf', sizeBytes: 2048, contentType: 'application/pdf' }],
    };
    jest.mocked(getItemPreview).mockResolvedValue(preview);
    const { router, user } = renderPage(paths.itemSearch.pattern, <ItemSearchPage />, url);
    await user.click(await screen.findByRole('button', { name: 'Preview Message 3' }));
    await waitFor(() => expect(router.location.search).toBe(`?item=${preview.id}`));
    const article = await screen.findByRole('article', { name: 'Preview of Message 3' });
    const frame = within(article).getByTitle('Message body: Message 3');
    expect(frame).toHaveAttribute('sandbox', '');
    const srcdoc = frame.getAttribute('srcdoc')!;
    expect(srcdoc).toContain('Hello <b>Ada</b>');
    for (const bad of ['<script', 'alert(', 'onerror', 'javascript:', 'tracker.example']) expect(srcdoc).not.toContain(bad);
    expect(within(article).getByRole('list', { name: 'Attachments' })).toHaveTextContent('report.pdf');
  });

  it('restores many selected items to their original place and shows the job live', async () => {
    jest.mocked(createRestore).mockResolvedValue(job({ id: '7a000000-0000-4000-8000-0000000000aa', type: 'restore', title: 'Restore of 2 items', status: 'queued' }));
    jest.mocked(getJob).mockResolvedValue(job({ id: '7a000000-0000-4000-8000-0000000000aa', type: 'restore', title: 'Restore of 2 items', status: 'succeeded', verifiedCount: 2 }));
    const { user } = renderPage(paths.itemSearch.pattern, <ItemSearchPage />, url);
    await user.click(await screen.findByRole('checkbox', { name: 'Select Message 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Message 2' }));
    expect(screen.getByText(/2 selected/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore 2 items' });
    await user.click(within(dialog).getByRole('button', { name: 'Start restore' }));
    await waitFor(() =>
      expect(createRestore).toHaveBeenCalledWith({ setId: SET.id, selection: { kind: 'items', itemIds: [itemAt(1).id, itemAt(2).id] }, destination: { kind: 'original' } }),
    );
    const panel = await screen.findByTestId('job-watch');
    expect(await within(panel).findByText(/Succeeded: 50%, 400 of 800 items · 2 verified/)).toBeInTheDocument();
  });

  it('shows the empty and the error state', async () => {
    jest.mocked(searchItems).mockResolvedValueOnce({ errorMessage: 'Search failed' }).mockResolvedValueOnce({ items: [], total: 0, page: 1, pageSize: 200 });
    const { user } = renderPage(paths.itemSearch.pattern, <ItemSearchPage />, url);
    expect(await screen.findByText(/The items could not be loaded: Search failed/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No items match this search.')).toBeInTheDocument();
  });
});
