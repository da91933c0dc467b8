# @summary An absolute Unix path (Ruby regex anchors, as Puppet matches them).
type Common::Absolutepath = Pattern[/\A\/([^\/\0]+\/*)*\z/]
