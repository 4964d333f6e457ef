import { refSource, registerRefSource } from '../../components/crud/refSources';

/** The site persons a workflow operation notifies: picked and named as persons are ("Last First"). */
registerRefSource('logistics/person', refSource('system_person'));
