import { useQuery } from '@tanstack/react-query';

/**
 * The label of a value chosen before this dropdown showed a page holding it (an edited record's saved reference):
 * `known` when the page passes one (it often has the code and name from the row), else fetched once by id.
 */
export function usePickedLabel(
  cacheKey: string,
  id: string | null | undefined,
  known: string | undefined,
  get: (id: string, signal: AbortSignal) => Promise<string>,
) {
  const { data } = useQuery({
    // A label cache of the picker's own: the endpoint is inside the caller's `get`, and no write refreshes it (5 minutes).
    queryKey: ['picker-label', cacheKey, id],
    queryFn: ({ signal }) => get(id!, signal),
    enabled: !!id && !known,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
  if (!id) return undefined;
  const label = known ?? data;
  return label ? { [id]: label } : undefined;
}

/** Props every typed picker takes (antd Form.Item passes id, value and onChange). */
export interface PickerProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The label of the current value when the page already knows it, e.g. "1201.01 - Bank BCA". */
  knownLabel?: string;
  placeholder?: string;
  disabled?: boolean;
  /** Offer a clear button (an optional reference). */
  allowClear?: boolean;
  id?: string;
  'aria-label'?: string;
}
