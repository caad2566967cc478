// Test fixture: the product's real health function, served from the fixture folder.
export { default } from '../../../../functions/health';
