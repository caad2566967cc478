// Test function in plain JavaScript.
module.exports = (_req, res) => res.json({ at: 'nested/deeper' });
