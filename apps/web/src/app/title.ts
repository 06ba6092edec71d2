/** Spec 2: the page title is the product name plus section and page title (a section equal to its page shows once). */
export function documentTitle(productName: string, section: string | undefined, page: string | undefined): string {
  const parts = [productName];
  if (section && section !== page) parts.push(section);
  if (page) parts.push(page);
  return parts.join(' | ');
}
