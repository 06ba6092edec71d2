import { useSearchParams } from 'react-router';

/** The client the /service pages work on, kept in the address (?client=CODE) so a reload or a link opens the same. */
export function useClientCode(): [string | undefined, (code: string) => void] {
  const [params, setParams] = useSearchParams();
  return [params.get('client') ?? undefined, (code) => setParams({ client: code }, { replace: true })];
}
