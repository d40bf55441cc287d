import type { Product } from '@store/contracts/catalog';
import { createContext, useContext, type ComponentType } from 'react';

/**
 * The cart's controls where the catalog shows a product. The catalog is below the cart (auth < addresses <
 * catalog < cart < …) and never imports it: the app gives the cards their button through this context
 * (app/routes.tsx), and the product page its counter as a prop (`ProductPage`'s `Purchase`). Without them (a card
 * drawn alone, in a test) the catalog shows no cart control.
 */
export interface PurchaseControls {
  /** A card's button that adds the product to the cart or takes it out. `row`: the card is a phone's list row. */
  CardButton: ComponentType<{ product: Product; title: string; row: boolean }>;
}

/** The product page's counter and cart button. */
export type ProductPurchase = ComponentType<{ product: Product; title: string }>;

const PurchaseControlsContext = createContext<PurchaseControls | null>(null);

export const PurchaseControlsProvider = PurchaseControlsContext.Provider;

export const usePurchaseControls = () => useContext(PurchaseControlsContext);
