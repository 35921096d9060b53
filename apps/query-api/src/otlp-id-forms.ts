/*
 * SQL twins of the schema package's traceIdForms and observationIdForms (otlp-ids.ts): the OTLP
 * mapping stores a trace id as the UUID of its 32 hex digits and a span id as the UUID of 16 zeros
 * and its 16 hex digits, while the current Langfuse SDK names both in hex (a score it creates holds
 * them so). A read that joins by such an id matches either form through these. Each takes a
 * column (or expression) of the row and gives an Array(String): the id, and its other form if it has one.
 */

const HEX32 = `'^[0-9a-fA-F]{32}$'`;
const HEX16 = `'^[0-9a-fA-F]{16}$'`;
const UUID = `'^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'`;

/** SQL: the UUID of 32 hex digits, lower case. */
const uuidOfHex = (hex: string) =>
  `lower(concat(substring(${hex}, 1, 8), '-', substring(${hex}, 9, 4), '-', substring(${hex}, 13, 4), '-',
    substring(${hex}, 17, 4), '-', substring(${hex}, 21, 12)))`;

/** SQL: a trace id of 32 hex digits as the UUID the OTLP mapping stores it under, else the id itself. */
export const traceUuidOfHexSql = (id: string) => `if(match(${id}, ${HEX32}), ${uuidOfHex(id)}, ${id})`;

/** SQL: a trace id's forms (32 hex digits ↔ UUID). */
export const traceIdFormsSql = (id: string) =>
  `multiIf(match(${id}, ${HEX32}), [${id}, ${uuidOfHex(id)}],
    match(${id}, ${UUID}), [${id}, lower(replaceAll(${id}, '-', ''))], [${id}])`;

/** SQL: an observation id's forms (16 hex digits ↔ the UUID of 16 zeros and them). */
export const observationIdFormsSql = (id: string) =>
  `multiIf(match(${id}, ${HEX16}), [${id}, ${uuidOfHex(`concat('0000000000000000', ${id})`)}],
    match(${id}, ${UUID}) AND startsWith(${id}, '00000000-0000-0000-'),
      [${id}, lower(replaceAll(substring(${id}, 20), '-', ''))], [${id}])`;
