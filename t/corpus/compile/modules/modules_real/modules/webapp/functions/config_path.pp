# @summary Where the application keeps a configuration file.
function webapp::config_path(String[1] $app, String[1] $file = 'config.json') >> Common::Absolutepath {
  "/etc/${app}/${file}"
}
