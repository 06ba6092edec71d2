/**
 * The list kit of every server-paged list (users, roles, leads, promo codes, user audit and, through MasterListPage,
 * every accounting master record):
 *
 * ```tsx
 * const list = useListState<UserItem, { roleId?: string }, UserSort>({ filters: {}, sortable: USER_SORT });
 * const users = useQuery({ queryKey: queryKeyOf(endpoints.listUsers, list.query, list.filters),
 *   queryFn: ({ signal }) => call(endpoints.listUsers, { query: { ...list.query, ...list.filters }, signal }), placeholderData: keepPreviousData });
 * return (
 *   <ListPage title={…} actions={<Button type="primary">…</Button>}>
 *     <ListToolbar keyword={list.keyword} onKeyword={list.setKeyword} searchPlaceholder={…}>{filters}</ListToolbar>
 *     <ListTable state={list} rowKey={(u) => u.userId} columns={columns} data={users.data} loading={users.isFetching} emptyText={…} />
 *   </ListPage>
 * );
 * ```
 * - Keyword (debounced 250 ms), filters, sort and page live in useListState; each change goes back to page 1.
 * - A column with `sortKey` sorts on the server by that contract sort field.
 * - Phone (below 768 px): the heading's buttons and the toolbar wrap, rows become cards (every column a line,
 *   the 'actions' column at the card's top right); wider screens get a table that scrolls sideways in its card.
 * - Texts under `listKit.*`.
 */
import './list.css';

export { useListState, type ListState } from './use-list-state.ts';
export { ListTable, type ListTableProps } from './ListTable.tsx';
export { ListToolbar } from './ListToolbar.tsx';
export { ListPage, ActiveTag } from './ListPage.tsx';
export type { SortableColumn } from '../list-sort.ts';
