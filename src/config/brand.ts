/** The product name appears in routes and texts; changing it here moves both. */
export const BRAND = {
  name: 'Leopard',
  slug: 'leopard',
  company: 'Leopard Software & Space',
  city: 'San Diego',
} as const;
