# @summary Installs, configures and runs the NTP daemon.
#
# Every parameter without a default comes from the module's Hiera data
# (data/common.yaml, data/os/<family>.yaml).
#
# @param servers NTP servers, the first one preferred.
# @param options driftfile, restrict lines and tinker settings (deep-merged).
class ntp (
  Array[String[1]]                     $servers,
  String[1]                            $package_name,
  String[1]                            $service_name,
  Common::Absolutepath                 $config_path,
  Enum['present', 'absent', 'latest']  $package_ensure,
  Hash[String, Data]                   $options,
  Boolean                              $service_manage = true,
  Optional[Common::Port]               $port           = undef,
) {
  contain ntp::install
  contain ntp::config
  contain ntp::service

  Class['ntp::install']
  -> Class['ntp::config']
  ~> Class['ntp::service']
}
