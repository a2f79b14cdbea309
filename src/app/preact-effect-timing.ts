import { options } from 'preact';

/**
 * The built site runs on Preact (docs/decisions/0010-preact-in-the-built-site.md).
 * Preact runs effects a frame after a render; React runs them in a task right
 * after it. Timers started in effects (the carousel, the newsletter thanks
 * view) count from the change the visitor saw, so give them React's timing.
 * In development the app runs on React and this setting has no reader.
 */
const channel = new MessageChannel();
let queued: (() => void)[] = [];
channel.port1.onmessage = () => {
  const callbacks = queued;
  queued = [];
  for (const callback of callbacks) callback();
};

options.requestAnimationFrame = (callback) => {
  queued.push(callback);
  if (queued.length === 1) channel.port2.postMessage(null);
};
