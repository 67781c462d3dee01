// pom.xml `<dependency>` coordinates and .NET `<PackageReference Include="…">` ids.
// Regex over comment-free text; bounded tags only, so a 5 MB file stays linear.

function stripXmlComments(text: string): string {
  return text.replace(/<!--[\s\S]*?(?:-->|$)/g, ' ');
}

/** The text of `<tag>…</tag>`, trimmed (as `<tag>\s*([^<]*?)\s*</tag>` took it, without its cubic retries over the blanks). */
export function tagValue(block: string, tag: string): string | undefined {
  const m = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(block);
  return m ? m[1]!.trim() : undefined;
}

/**
 * Maven `groupId:artifactId` of each `<dependency>`; those under `<dependencyManagement>`
 * only pin versions and are left out. A fragment with no `<dependency>` tag but a lone
 * `<artifactId>` yields `?:artifactId`, matched by artifact alone (see sameDependency).
 */
export function mavenDependencies(text: string, whole: boolean): Set<string> {
  const names = new Set<string>();
  let xml = stripXmlComments(text).replace(/<dependencyManagement>[\s\S]*?(?:<\/dependencyManagement>|$)/g, ' ');
  xml = xml.replace(/<exclusions>[\s\S]*?(?:<\/exclusions>|$)/g, ' ');
  const parts = xml.split(/<dependency>/);
  for (let i = 1; i < parts.length; i++) {
    const block = parts[i]!.split(/<\/dependency>/)[0]!;
    const g = tagValue(block, 'groupId');
    const a = tagValue(block, 'artifactId');
    if (a) names.add(`${g ?? '?'}:${a}`);
  }
  // The tail of a fragment that opens inside a <dependency>: its coordinates come before the first tag.
  if (!whole && parts.length >= 1) {
    const head = parts[0]!;
    const closes = head.includes('</dependency>');
    const elsewhere = /<(?:plugin|parent|project|extension)\b/.test(head);
    if ((closes || parts.length === 1) && !elsewhere) {
      const before = closes ? head.split('</dependency>')[0]! : head;
      const g = tagValue(before, 'groupId');
      const a = tagValue(before, 'artifactId');
      if (a) names.add(`${g ?? '?'}:${a}`);
    }
  }
  return names;
}

export function dotnetDependencies(text: string): Set<string> {
  const names = new Set<string>();
  // PackageReference (project), PackageVersion (central Directory.Packages.props), packages.config `<package id=…>`.
  // A tag's attributes hold no `<` (XML refuses one there): the scan from a `<` stops at the next,
  // where `[^>]*?` ran on from every `<` of a file with no `>` (quadratic).
  const re =
    /<(?:PackageReference|PackageVersion|GlobalPackageReference)\b[^<>]*?\b(?:Include|Update)\s*=\s*["']([^"']+)["']|<package\b[^<>]*?\bid\s*=\s*["']([^"']+)["']/g;
  const xml = stripXmlComments(text);
  for (let m = re.exec(xml); m; m = re.exec(xml)) names.add((m[1] ?? m[2]!).trim().toLowerCase());
  return names;
}
