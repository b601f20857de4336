// Barrel of the session picker screen: what the launcher loads (lazily) to plug the picker into <App>.
export { PickerScreen, renderPicker } from "./PickerScreen.js";
