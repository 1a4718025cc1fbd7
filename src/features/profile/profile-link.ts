/** The public profile address of a person (spec 2.2 `/user/:user?/:name`): id, then a name slug. */
export function profileLink(person: { public_id: string; name: string }): string {
  const slug =
    person.name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/gi, 'd')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'profile';
  return `/user/${person.public_id}/${slug}`;
}
