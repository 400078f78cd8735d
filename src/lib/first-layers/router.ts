// The first thing src/boot.ts imports of the router layer (scripts/route-chunks.ts): the app uses it anyway.
export { RouterProvider } from 'react-router';
