/** A shopper's chosen address as a cart carries it (Dokki, Giza), with its zone's delivery fee. */
export const cartAddress = (shippingFees: number) => ({
  id: 3,
  label: 'Home',
  name: 'Mona Hassan',
  street_name: 'Tahrir St',
  building: '5',
  floor: '2',
  apartment: '4',
  district: 'Dokki',
  governorate: 'Giza',
  phone_number: '01012345678',
  delivery_zone: { shipping_fees: shippingFees },
});
