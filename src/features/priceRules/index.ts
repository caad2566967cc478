// The price-rule area's public entry: the view the page mounts and its URLs.
export { PriceRulesView } from './views/PriceRulesView';
export { priceRulesUrl } from './urls';
