// How every browser run here launches Debian's Chromium: the end-to-end suite and the web benchmark.
// Without the background-networking flags Chromium keeps dialling out of this machine's closed network.
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
