export { default } from './exposes/App';
