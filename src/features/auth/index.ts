/** What other features (and the Teams host frame) may use of the sign-in area. */
export { SecondFactorStep } from './components/SecondFactorStep';
