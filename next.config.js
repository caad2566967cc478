// Next.js configuration: pages router, i18n routing for en/hu.
const { i18n } = require('./next-i18next.config');

/** @type {import('next').NextConfig} */
module.exports = {
  reactStrictMode: true,
  i18n,
  poweredByHeader: false,
  eslint: { ignoreDuringBuilds: true },
};
