// The scripts' way to the catalogue sync (`npm run stripe:sync`, the functions' billing tests). Its
// code lives with the local stack, which runs it at every start and imports nothing of scripts/
// (docs/decisions/0126-local-services-as-packages.md#addendum-2026-11-29-no-import-leaves-a-package).
export { catalogueStripeClient, syncStripeCatalog } from '../emulators/stripe-catalog-sync';
