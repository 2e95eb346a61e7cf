// What an intent means is the table's (table/deeds.js); the friends page reads it from here until
// it moves onto the table component (table/table.js), as the game and the replay have.
export { deedOf } from "../table/deeds.js";
