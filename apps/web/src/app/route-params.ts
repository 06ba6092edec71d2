import { createContext, useContext } from 'react';
import type { RouteParams } from './guard.ts';

/** The `{name}` parameters of the current route template, as matched by the guard. */
export const RouteParamsContext = createContext<RouteParams>({});
export const useRouteParams = () => useContext(RouteParamsContext);
