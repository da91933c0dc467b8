# stdlib 8: ensure 'installed' unless told otherwise; 'present' becomes 'installed'
ensure_packages('vim')
ensure_packages(['vim', 'git', 'git'])
ensure_packages({'curl' => {'ensure' => 'latest'}, 'wget' => {}}, {'ensure' => 'present'})
ensure_packages('tree', {'ensure' => 'present'})
ensure_packages(['htop'], {'ensure' => 'absent', 'provider' => 'apt'})
class inside { ensure_packages('vim') ensure_packages('in-class') }
include inside
