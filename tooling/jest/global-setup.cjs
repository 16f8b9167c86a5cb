// Probes the shared services once per jest run and publishes the result to the test workers
// through the environment (workers are spawned after global setup and inherit it).
const { probeServices } = require('./probe-services.cjs');

module.exports = async function globalSetup() {
  if (process.env.PLATFORM_SERVICES_PROBED) return;
  const available = await probeServices();
  process.env.PLATFORM_SERVICES_PROBED = '1';
  process.env.PLATFORM_SERVICES_AVAILABLE = available.join(',');
};
