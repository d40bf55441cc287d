import { keepPreviousData, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import { api } from '../../lib/api-client';
import { fakeApi, type Answer, type Call } from '../../test/dom';
import i18n from '../lib/i18n';
import { DataTable, ListPage, pageCount, Pager, useListFilters } from './list-page';
import { SearchBox } from './search-box';

/**
 * The back office's list page kit, as a screen uses it (the synonyms screen is one): a list of fruits, two a
 * page, its search and page in the address, read from an API that answers what each test says.
 */
interface Fruit {
  id: number;
  name: string;
}
const FRUITS: Fruit[] = ['apple', 'banana', 'mango', 'orange', 'guava'].map((name, i) => ({
  id: i + 1,
  name,
}));
const PER_PAGE = 2;

/** GET fruits?q=&page=: the fruits holding `q`, a page of them, and how many there are. */
const fruitsApi = (call: Call) => {
  const q = call.query.get('q') ?? '';
  const page = Number(call.query.get('page') ?? '1');
  const found = FRUITS.filter((f) => f.name.includes(q));
  return { fruits: found.slice((page - 1) * PER_PAGE, page * PER_PAGE), total: found.length };
};

function FruitsPage() {
  const { values, page, setFilters, setPage } = useListFilters(['q'] as const);
  const read = useQuery({
    queryKey: ['fruits', values.q, page],
    queryFn: ({ signal }) =>
      api<{ fruits: Fruit[]; total: number }>('fruits', {
        query: { q: values.q || undefined, page },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const pages = pageCount(read.data?.total ?? 0, PER_PAGE);
  return (
    <ListPage
      title="Fruits"
      read={read}
      filters={
        <SearchBox
          value={values.q}
          onSearch={(q) => setFilters({ q })}
          label="Find"
          placeholder=""
          testId="find"
        />
      }
      empty={(d) => (d.fruits.length ? null : `No fruit holds “${values.q}”.`)}
    >
      {(d) => (
        <>
          <DataTable
            caption="Fruits"
            columns={[
              { key: 'id', header: 'Number', cell: (f) => f.id },
              { key: 'name', header: 'Name', cell: (f) => f.name },
            ]}
            rows={d.fruits}
            rowKey={(f) => f.id}
            testId="fruits"
          />
          <Pager
            page={page}
            pages={pages}
            onPage={setPage}
            label="Pages of fruits"
            info={`${d.total} fruits · page ${page} of ${pages}`}
            infoTestId="pages"
          />
        </>
      )}
    </ListPage>
  );
}

/** The address the page is at: what a link to it would be. */
function Address() {
  const at = useLocation();
  return <output data-testid="address">{`${at.pathname}${at.search}`}</output>;
}

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <FruitsPage />
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const address = () => screen.getByTestId('address').textContent;
const names = () =>
  within(screen.getByTestId('fruits'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1]!.textContent);

let calls: Call[];
function answer(fruits: (call: Call) => Answer = fruitsApi) {
  calls = fakeApi({ 'GET fruits': fruits }).calls;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  answer();
});
afterEach(cleanup);

describe('the list page kit', () => {
  it('a link with a search and a page shows that page of that search, and Next writes the next one in the address', async () => {
    renderAt('/fruits?q=an&page=2');
    // banana, mango, orange: the second page holds orange alone.
    await waitFor(() => expect(names()).toEqual(['orange']));
    expect(screen.getByTestId('pages')).toHaveProperty('textContent', '3 fruits · page 2 of 2');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Find' }).value).toBe('an');
    expect(calls.at(-1)!.query.get('q')).toBe('an');
    expect(calls.at(-1)!.query.get('page')).toBe('2');
    const pager = within(screen.getByRole('navigation', { name: 'Pages of fruits' }));
    expect(pager.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);

    fireEvent.click(pager.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(names()).toEqual(['banana', 'mango']));
    // The first page is the list's own address: no page in it.
    expect(address()).toBe('/fruits?q=an');
    fireEvent.click(pager.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(address()).toBe('/fruits?q=an&page=2'));
    await waitFor(() => expect(names()).toEqual(['orange']));
  });

  it('a new search starts again from the first page, and a search nothing holds says so', async () => {
    renderAt('/fruits?page=3');
    await waitFor(() => expect(names()).toEqual(['guava']));
    const box = screen.getByRole('searchbox', { name: 'Find' });
    fireEvent.change(box, { target: { value: 'ma' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(address()).toBe('/fruits?q=ma'));
    await waitFor(() => expect(names()).toEqual(['mango']));
    expect(screen.getByTestId('pages')).toHaveProperty('textContent', '1 fruits · page 1 of 1');

    fireEvent.change(box, { target: { value: 'kiwi' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('No fruit holds “kiwi”.')).toBeTruthy();
    expect(screen.queryByTestId('fruits')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pages of fruits' })).toBeNull();
  });

  it('a list that cannot be read says why, and Retry reads it again', async () => {
    let fail = true;
    answer((call) =>
      fail ? { status: 500, body: { errors: ['The list could not be read.'] } } : fruitsApi(call),
    );
    renderAt('/fruits');
    expect(await screen.findByText('The list could not be read.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Fruits' })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: i18n.t('common:retry') }));
    await waitFor(() => expect(names()).toEqual(['apple', 'banana']));
    expect(screen.queryByText('The list could not be read.')).toBeNull();
  });
});
