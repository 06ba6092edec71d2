/**
 * Every item of a paged list, `first` (page 1, already read) and then the pages after it, each read only once the
 * previous page's items have been taken; the list ends at the first page shorter than `pageSize`.
 */
export async function* pagesFrom<T>(first: T[], pageSize: number, readPage: (page: number) => Promise<T[]>): AsyncGenerator<T> {
  let items = first;
  for (let page = 2; ; page++) {
    yield* items;
    if (items.length < pageSize) return;
    items = await readPage(page);
  }
}
