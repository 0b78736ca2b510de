// The one mapping between a name's form/API spelling and its columns.

/** A name as a form gives it: the optional parts may be empty. */
export interface PersonName {
  prefix?: string | null;
  firstName: string;
  middleName?: string | null;
  lastName: string;
  suffix?: string | null;
}

/** A name's columns (users, adults): an empty part is none. */
export function nameColumns(name: PersonName) {
  return {
    prefix: name.prefix || null,
    first_name: name.firstName,
    middle_name: name.middleName || null,
    last_name: name.lastName,
    suffix: name.suffix || null,
  };
}

/** A row's name as a form shows it: a part not given is an empty box. */
export function nameOfRow(row: {
  prefix: string | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  suffix: string | null;
}) {
  return {
    prefix: row.prefix ?? "",
    firstName: row.first_name,
    middleName: row.middle_name ?? "",
    lastName: row.last_name,
    suffix: row.suffix ?? "",
  };
}
