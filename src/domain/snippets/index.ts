// Snippet rules: body validation, the render context and the renderer (pure).
export * from './variables';
export * from './render';
export * from './context';
export * from './schema';
