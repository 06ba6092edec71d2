/** The product, its version, and the tenant a request without one goes to (spec 9). */
export const APP_VERSION = '1.0.0';
export const DEFAULT_TENANT = 'demo';
export const PRODUCT_NAME = 'Nusa';
