/**
 * The addresses module's face for the rest of the API: saved addresses and delivery zones. Other modules import
 * from here only (eslint.config.js); the cart and checkout read addresses through it, and the order core follows an
 * edited or deleted address through `addressChanged` (addresses itself knows no orders).
 */
export {
  addressChanged,
  findUserAddress,
  governorateIn,
  governorateNamer,
  toAddress,
  zoneForGovernorate,
  type AddressChange,
  type GovernorateNames,
} from './service.ts';
