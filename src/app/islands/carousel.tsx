export { Carousel as default } from '../../features/carousel/carousel';
export const namespaces = ['carousel'] as const;
