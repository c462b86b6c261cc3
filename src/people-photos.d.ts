// The module scripts/people-photos/people-photos-plugin.ts makes: the content's photos, built.
declare module "virtual:people-photos" {
  const photos: import("./lib/photo-sizes.ts").BuiltPhotos;
  export default photos;
}
